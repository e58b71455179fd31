import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, Navigate, useNavigate } from "../../../lib/router";
import { PIN_MIN_INPUT } from "../../../../shared/domain/invite-codes";
import { INVALID_PIN, pinInputSchema } from "../../../../shared/schemas/invites";
import { ArrowLeftIcon, KeyIcon } from "../../../components/ui/icons";
import { TextField } from "../../../components/ui/text-field";
import { errorCodeOf } from "../../../lib/error-codes";
import { errorMessage } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useCurrentUser } from "../../../hooks/use-current-user";
import { useLookupPin } from "../hooks/use-invites";
import { authUrlFor, PIN_DISPLAY_MAX, PIN_REDIRECT_MS, pinFieldValue } from "../lib/invite-flow";
import { usePageTitle } from "../../../hooks/use-page-title";

export function JoinPage() {
  usePageTitle("Join a Challenge");
  const { user } = useCurrentUser();
  // The PIN page is reachable signed out but asks for a sign-in first
  // (docs/product/routes-and-screens.md#join-by-pin).
  if (!user) return <Navigate to={authUrlFor("/join")} replace />;
  return <JoinByPin />;
}

function JoinByPin() {
  const navigate = useNavigate();
  const [pin, setPin] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const lookup = useLookupPin();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const validationError = (value: string) => {
    const parsed = pinInputSchema.safeParse(value);
    return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (lookup.isPending || redirecting) return;
    setTouched(true);
    const problem = validationError(pin);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    try {
      const found = await lookup.mutateAsync({ pin });
      setRedirecting(true);
      toast({ title: "Challenge Found!", description: `Joining ${found.name}...` });
      // On to the join page after 500 ms (docs/product/routes-and-screens.md#join-by-pin); it
      // joins, or opens the challenge if already in.
      timer.current = setTimeout(
        () => navigate(`/join-challenge/${encodeURIComponent(found.inviteCode)}`),
        PIN_REDIRECT_MS,
      );
    } catch (err) {
      const code = errorCodeOf(err);
      if (code === "NOT_FOUND") {
        setError(INVALID_PIN);
        toast({
          title: "Invalid PIN",
          description: "The PIN code you entered is invalid or expired.",
          variant: "destructive",
        });
      } else if (code === "TOO_MANY_REQUESTS") {
        const message = errorMessage(err, "Too many attempts. Please wait a moment and try again.");
        setError(message);
        toast({ title: "Too many attempts", description: message, variant: "destructive" });
      } else {
        const message = errorMessage(err, INVALID_PIN);
        setError(message);
        toast({ title: "Invalid PIN", description: message, variant: "destructive" });
      }
    }
  }

  const busy = lookup.isPending || redirecting;
  return (
    <div className="flex justify-center py-4 sm:py-10">
      <div className="card w-full max-w-md border border-base-300 bg-base-100 shadow-sm">
        <form noValidate onSubmit={onSubmit} aria-label="Join with PIN" className="card-body gap-5 p-5 sm:p-8">
          <div className="flex flex-col items-center text-center">
            <span className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-2xl text-primary">
              <KeyIcon />
            </span>
            <h1 className="mt-3 text-2xl font-bold tracking-tight">Join a Challenge</h1>
            <p className="mt-1 text-sm text-base-content/70">
              Enter the PIN your friend shared with you. Letters and numbers only; case and dashes don't matter.
            </p>
          </div>
          <TextField
            label="PIN code"
            name="pin"
            value={pinFieldValue(pin).display}
            maxLength={PIN_DISPLAY_MAX}
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            placeholder="ABC DEF GHI J"
            className="[&_input]:input-lg [&_input]:text-center [&_input]:font-mono [&_input]:tracking-widest"
            onChange={(e) => {
              const next = pinFieldValue(e.target.value).pin;
              setPin(next);
              if (touched || error) setError(validationError(next));
            }}
            onBlur={() => {
              if (!pin && !touched) return;
              setTouched(true);
              setError(validationError(pin));
            }}
            error={error ?? undefined}
            hint={`At least ${PIN_MIN_INPUT} characters`}
          />
          <button
            type="submit"
            className={`btn btn-primary ${busy ? "btn-disabled" : ""}`}
            disabled={pin.length < PIN_MIN_INPUT}
            aria-disabled={busy || undefined}
          >
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {lookup.isPending ? "Checking..." : "Continue"}
          </button>
          <div className="flex flex-col gap-2 sm:flex-row">
            <button
              type="button"
              className="btn btn-ghost sm:flex-1"
              // A fresh tab has no page to go back to: the dashboard is the sensible "back".
              onClick={() => (window.history.length > 1 ? navigate(-1) : navigate("/"))}
            >
              <ArrowLeftIcon />
              Back
            </button>
            <Link to="/challenges" className="btn btn-outline btn-primary sm:flex-1">
              View My Challenges
            </Link>
          </div>
        </form>
      </div>
    </div>
  );
}
