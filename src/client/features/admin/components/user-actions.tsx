import type { AdminUser } from "../../../../shared/schemas/admin";

type UserActionButtonsProps = {
  user: AdminUser;
  /** The signed-in admin: nobody changes their own rights or disables themselves. */
  selfId: number;
  onToggleAdmin: (user: AdminUser) => void;
  onToggleDisabled: (user: AdminUser) => void;
  size?: "xs" | "sm";
};

export function UserActionButtons({
  user,
  selfId,
  onToggleAdmin,
  onToggleDisabled,
  size = "xs",
}: UserActionButtonsProps) {
  const isSelf = user.id === selfId;
  const who = `@${user.username}`;
  const btn = size === "xs" ? "btn btn-xs" : "btn btn-sm";
  if (isSelf) return <span className="text-xs text-base-content/60">This is you</span>;
  return (
    <div className="flex flex-nowrap gap-1.5">
      <button
        type="button"
        className={`${btn} ${user.isAdmin ? "btn-outline" : "btn-outline btn-primary"}`}
        aria-label={`${user.isAdmin ? "Revoke admin" : "Grant admin"} ${who}`}
        onClick={() => onToggleAdmin(user)}
      >
        {user.isAdmin ? "Revoke admin" : "Grant admin"}
      </button>
      <button
        type="button"
        className={`${btn} ${user.disabled ? "btn-outline btn-success" : "btn-outline btn-error"}`}
        aria-label={`${user.disabled ? "Enable" : "Disable"} ${who}`}
        onClick={() => onToggleDisabled(user)}
      >
        {user.disabled ? "Enable" : "Disable"}
      </button>
    </div>
  );
}
