import { Link, useParams } from "../../../lib/router";
import { ShareIcon } from "../../../components/ui/icons";
import { FlagIcon, UsersIcon } from "../../../components/ui/icons";
import { PageSpinner } from "../../../components/ui/page-spinner";
import { absoluteUrl, nativeShare } from "../../../lib/clipboard";
import { COPY_FAILED, useCopyAction } from "../../../lib/use-copy-action";
import { ChallengePreviewFacts, PreviewRules } from "../components/challenge-preview";
import { ChallengeNotFoundCard, InviteStateCard } from "../components/invite-state-card";
import { useInvitePreview } from "../hooks/use-invites";
import { isWellFormedInviteCode } from "../lib/invite-flow";
import { usePageTitle } from "../../../hooks/use-page-title";
import { useCurrentUser } from "../../../hooks/use-current-user";

/**
 * The public preview of a challenge (docs/product/routes-and-screens.md#share-preview); anyone
 * holding the link may see it.
 */
export function ShareChallengePage() {
  const { inviteCode = "" } = useParams();
  const { user } = useCurrentUser();
  const code = inviteCode.trim();
  const wellFormed = isWellFormedInviteCode(code);
  const preview = useInvitePreview(code, wellFormed);
  usePageTitle(!wellFormed || preview.isError ? "Challenge Not Found" : "Challenge Preview", preview.data?.name);
  const linkCopy = useCopyAction("Link Copied!", "Share it with your golf buddies.");

  if (!code) {
    return (
      <InviteStateCard title="Challenge Not Found" text="Invalid invitation link">
        <Link to="/" className="btn btn-primary">
          Go to Home
        </Link>
      </InviteStateCard>
    );
  }
  if (!wellFormed) return <ChallengeNotFoundCard text="Invalid invite link format" />;
  if (preview.isPending) return <PageSpinner label="Loading challenge preview..." />;
  if (preview.isError) return <ChallengeNotFoundCard />;

  const data = preview.data;
  const shareUrl = absoluteUrl(`/share/challenge/${code}`);

  async function invite() {
    const outcome = await nativeShare({
      title: data.name,
      text: `Join the Birdie Challenge "${data.name}"`,
      url: shareUrl,
    });
    if (outcome === "unavailable") await linkCopy.copy(shareUrl);
  }

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <section
        aria-labelledby="share-title"
        className="card overflow-hidden border border-base-300 bg-base-100 shadow-sm"
      >
        <div className="bg-gradient-to-br from-primary to-secondary p-6 text-primary-content sm:p-8">
          <p className="flex items-center gap-2 text-sm font-medium opacity-90">
            <FlagIcon />
            Birdie Challenge
          </p>
          <h1 id="share-title" className="mt-2 break-words text-2xl font-bold tracking-tight sm:text-3xl">
            {data.name}
          </h1>
          <p className="mt-1 opacity-90">Created by {data.creatorName}</p>
        </div>
        <div className="card-body gap-6 p-5 sm:p-8">
          <ChallengePreviewFacts preview={data} />
          <PreviewRules rules={data.rules} />
          <div className="flex flex-col gap-2 sm:flex-row">
            <Link to={`/join-challenge/${encodeURIComponent(code)}`} className="btn btn-primary sm:flex-1">
              <UsersIcon />
              Join This Challenge
            </Link>
            {/* Signed in, the golfer's own list; signed out there is no list to browse. */}
            {user && (
              <Link to="/challenges" className="btn btn-outline btn-primary sm:flex-1">
                My Challenges
              </Link>
            )}
            <button type="button" className="btn btn-ghost sm:flex-1" onClick={() => void invite()}>
              <ShareIcon />
              {linkCopy.copied ? "Copied" : "Invite"}
            </button>
          </div>
          {linkCopy.failed && (
            <p role="alert" className="text-sm text-error">
              {COPY_FAILED.title}: {COPY_FAILED.description}. Copy this page's address from the browser instead.
            </p>
          )}
        </div>
      </section>
    </div>
  );
}
