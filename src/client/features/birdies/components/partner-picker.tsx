import { useEffect, useId, useState } from "react";
import { REQUIRE_CONFIRMATION_TEXT } from "../../../../shared/domain/verification";
import { GOLFER_SEARCH_MIN } from "../../../../shared/schemas/verification";
import { TextField } from "../../../components/ui/text-field";
import { trpc } from "../../../lib/trpc";

/** The partner's account the golfer picked: the record waits for their confirmation. */
export type PickedPartner = { id: number; displayName: string; username: string };

export type PartnerMode = "account" | "typed";

type PartnerPickerProps = {
  challengeId: number;
  /** The golfer: never offered as their own partner. */
  userId: number;
  requireConfirmation: boolean;
  mode: PartnerMode;
  partner: PickedPartner | null;
  onMode: (mode: PartnerMode) => void;
  onPartner: (partner: PickedPartner | null) => void;
};

const SEARCH_DELAY_MS = 300;

/**
 * Who verifies the round (docs/product/routes-and-screens.md#record-birdies): a golfer with an
 * account (a member of the challenge, or anyone found by username), who then confirms from their
 * own phone; or a typed name and signature for a partner without an account (the caller renders
 * those fields when `mode` is "typed").
 */
export function PartnerPicker({
  challengeId,
  userId,
  requireConfirmation,
  mode,
  partner,
  onMode,
  onPartner,
}: PartnerPickerProps) {
  const name = useId();
  const players = trpc.challenges.players.useQuery({ id: challengeId }, { enabled: mode === "account" });
  const members = (players.data ?? []).filter((p) => p.id !== userId);
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  useEffect(() => {
    const t = setTimeout(() => setQuery(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [text]);
  const search = trpc.verification.searchGolfers.useQuery(
    { q: query },
    { enabled: mode === "account" && query.length >= GOLFER_SEARCH_MIN, staleTime: 30_000 },
  );
  const found = search.data ?? [];

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium">Who played with you?</legend>
      {requireConfirmation && (
        <p className="rounded-box bg-info/10 p-3 text-sm" data-testid="requires-confirmation">
          {REQUIRE_CONFIRMATION_TEXT} in this challenge: pick your partner's account.
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <label className="flex min-h-11 flex-1 cursor-pointer items-center gap-3 rounded-box border border-base-300 px-3">
          <input
            type="radio"
            className="radio radio-primary"
            name={name}
            checked={mode === "account"}
            onChange={() => onMode("account")}
          />
          <span className="text-sm">A golfer with an account</span>
        </label>
        <label className="flex min-h-11 flex-1 cursor-pointer items-center gap-3 rounded-box border border-base-300 px-3">
          <input
            type="radio"
            className="radio radio-primary"
            name={name}
            checked={mode === "typed"}
            onChange={() => {
              onMode("typed");
              onPartner(null);
            }}
          />
          <span className="text-sm">No account: they sign on this phone</span>
        </label>
      </div>

      {mode === "account" &&
        (partner ? (
          <div
            className="flex flex-wrap items-center justify-between gap-2 rounded-box bg-base-200/60 p-3"
            data-testid="picked-partner"
          >
            <p className="min-w-0 break-words text-sm">
              Partner: <span className="font-medium">{partner.displayName}</span>{" "}
              <span className="text-base-content/60">@{partner.username}</span>
              <span className="block text-xs text-base-content/70">
                They get a notification and confirm from their own account.
              </span>
            </p>
            <button type="button" className="btn btn-ghost min-h-11" onClick={() => onPartner(null)}>
              Change partner
            </button>
          </div>
        ) : (
          <div className="flex flex-col gap-3">
            {members.length > 0 && (
              <div className="flex flex-col gap-1.5">
                <p className="text-sm font-medium" id={`${name}-members`}>
                  Members of this challenge
                </p>
                <ul className="flex flex-wrap gap-2" aria-labelledby={`${name}-members`}>
                  {members.map((m) => (
                    <li key={m.id}>
                      <button
                        type="button"
                        className="btn btn-outline min-h-11 max-w-full"
                        onClick={() => onPartner({ id: m.id, displayName: m.displayName, username: m.username })}
                      >
                        <span className="truncate">{m.displayName}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <TextField
              label="Find a golfer by username"
              name="partnerSearch"
              type="search"
              autoComplete="off"
              maxLength={50}
              value={text}
              onChange={(e) => setText(e.target.value)}
              hint={`Type at least ${GOLFER_SEARCH_MIN} letters of their username.`}
            />
            {query.length >= GOLFER_SEARCH_MIN && (
              <div aria-live="polite">
                {search.isError ? (
                  <p className="text-sm text-error">{search.error.message}</p>
                ) : search.isLoading ? (
                  <p className="text-sm text-base-content/70">Searching…</p>
                ) : found.length === 0 ? (
                  <p className="text-sm text-base-content/70">No golfer's username starts with "{query}".</p>
                ) : (
                  <ul className="flex flex-col gap-1" aria-label="Golfers found">
                    {found.map((g) => (
                      <li key={g.id}>
                        <button
                          type="button"
                          className="btn btn-ghost min-h-11 w-full justify-start text-left"
                          onClick={() => onPartner(g)}
                        >
                          <span className="min-w-0 break-words">
                            {g.displayName} <span className="text-base-content/60">@{g.username}</span>
                          </span>
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            )}
          </div>
        ))}
    </fieldset>
  );
}
