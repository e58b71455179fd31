import { useNavigate } from "../../lib/router";
import { Avatar } from "../../components/ui/avatar";
import { DropdownMenu } from "../../components/ui/dropdown-menu";
import { LifeBuoyIcon, LogOutIcon, SettingsIcon, ShieldIcon, UserIcon } from "../../components/ui/icons";
import type { SessionUser } from "../../lib/session";
import { useAuth } from "../../features/auth/public";

export function AvatarMenu({ user }: { user: SessionUser }) {
  const { logout, isLoggingOut } = useAuth();
  const navigate = useNavigate();
  const name = user.displayName || user.username;

  const items = [
    // Admins play too (ADR 0030): their menu leads back to the admin area.
    ...(user.isAdmin ? [{ label: "Admin", to: "/admin", icon: <ShieldIcon /> }] : []),
    { label: "Profile", to: "/profile", icon: <UserIcon /> },
    { label: "Settings", to: "/profile?tab=settings", icon: <SettingsIcon /> },
    { label: "Support", to: "/support", icon: <LifeBuoyIcon /> },
  ];

  return (
    <DropdownMenu
      label="Account menu"
      labelAsText
      triggerClassName="btn btn-ghost btn-circle"
      trigger={<Avatar name={name} src={user.profilePicture} size="sm" />}
    >
      {(close) => (
        <>
          <li className="menu-title min-w-0 px-3 py-2">
            <span className="block wrap-anywhere text-sm font-semibold text-base-content">{name}</span>
            <span className="block wrap-anywhere text-xs font-normal">@{user.username}</span>
          </li>
          {items.map((item) => (
            <li key={item.label}>
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  close();
                  void navigate(item.to);
                }}
              >
                <span className="text-base">{item.icon}</span>
                {item.label}
              </button>
            </li>
          ))}
          <li className="mt-1 border-t border-base-300 pt-1">
            <button
              type="button"
              role="menuitem"
              className="text-error"
              disabled={isLoggingOut}
              onClick={async () => {
                await logout();
                close();
              }}
            >
              <span className="text-base">
                <LogOutIcon />
              </span>
              Logout
            </button>
          </li>
        </>
      )}
    </DropdownMenu>
  );
}
