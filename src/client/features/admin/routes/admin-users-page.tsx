import { Avatar } from "../../../components/ui/avatar";
import { UsersIcon } from "../../../components/ui/icons";
import {
  ADMIN_PAGE_SIZE,
  type AdminUser,
  USER_ROLE_FILTERS,
  type UserRoleFilter,
} from "../../../../shared/schemas/admin";
import { useCurrentUser } from "../../../hooks/use-current-user";
import { AdminListSection } from "../components/admin-list-section";
import { AdminPageHeader } from "../components/admin-page-header";
import { UserBadges } from "../components/badges";
import { EmptyState } from "../components/empty-state";
import { SearchField } from "../components/search-field";
import { SelectField } from "../components/select-field";
import { UserActionButtons } from "../components/user-actions";
import { UserDetailDrawer } from "../components/user-detail-drawer";
import { useAdminUsers } from "../hooks/use-admin";
import { useUrlFilters } from "../hooks/use-url-filters";
import { useUserActions } from "../hooks/use-user-actions";
import { formatCount } from "../lib/format";

const ROLE_OPTIONS: { value: UserRoleFilter; label: string }[] = [
  { value: "all", label: "All users" },
  { value: "admins", label: "Admins" },
  { value: "disabled", label: "Disabled" },
];

export function AdminUsersPage() {
  const { user: me } = useCurrentUser();
  const { filters, page, openId, update } = useUrlFilters({ q: "", role: "all" });
  const role = (USER_ROLE_FILTERS as readonly string[]).includes(filters.role)
    ? (filters.role as UserRoleFilter)
    : "all";
  const users = useAdminUsers({ search: filters.q, role, page, pageSize: ADMIN_PAGE_SIZE });
  const actions = useUserActions();
  const selfId = me?.id ?? 0;

  return (
    <div className="space-y-5">
      <AdminPageHeader title="Users" description="Search, manage and moderate user accounts." />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchField
          label="Search users"
          placeholder="Username, name or email"
          value={filters.q}
          onSearch={(q) => update({ q })}
        />
        <SelectField label="Show" value={role} options={ROLE_OPTIONS} onChange={(value) => update({ role: value })} />
      </div>

      <AdminListSection
        query={users}
        label="Users"
        page={page}
        onPage={(p) => update({ page: p })}
        empty={
          <EmptyState icon={<UsersIcon />} title={filters.q ? `No users match “${filters.q}”` : "No users here yet"}>
            {filters.q || role !== "all"
              ? "Try another search or show all users."
              : "Players appear here as soon as they sign up."}
          </EmptyState>
        }
      >
        {(items) => (
          <table className="table">
            <thead>
              <tr>
                <th scope="col">User</th>
                <th scope="col" className="text-right">
                  Challenges
                </th>
                <th scope="col" className="text-right">
                  Records
                </th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((user) => (
                <UserRow
                  key={user.id}
                  user={user}
                  selfId={selfId}
                  onOpen={() => update({ open: user.id }, { push: true })}
                  onToggleAdmin={actions.askToggleAdmin}
                  onToggleDisabled={actions.askToggleDisabled}
                />
              ))}
            </tbody>
          </table>
        )}
      </AdminListSection>

      <UserDetailDrawer
        userId={openId}
        selfId={selfId}
        onClose={() => update({ open: null })}
        onToggleAdmin={actions.askToggleAdmin}
        onToggleDisabled={actions.askToggleDisabled}
      />
      {actions.dialog}
    </div>
  );
}

type UserRowProps = {
  user: AdminUser;
  selfId: number;
  onOpen: () => void;
  onToggleAdmin: (user: AdminUser) => void;
  onToggleDisabled: (user: AdminUser) => void;
};

function UserRow({ user, selfId, onOpen, onToggleAdmin, onToggleDisabled }: UserRowProps) {
  const name = user.displayName || user.username;
  return (
    <tr className="hover:bg-base-200/60">
      <td>
        {/* Named by its visible text (WCAG 2.5.3 label in name); the avatar's initials are hidden. */}
        <button type="button" className="flex min-w-40 items-center gap-3 text-left" onClick={onOpen}>
          <span className="sr-only">View </span>
          <Avatar name={name} size="sm" />
          <span className="min-w-0">
            <span className="block max-w-52 truncate font-medium link-hover">{name}</span>
            <span className="block max-w-52 truncate text-xs text-base-content/60">@{user.username}</span>
            {/* The email sits under the name, not in a column of its own, and the join date is in the
                user's drawer: the table fits at 1366 px with every action in view. */}
            <span className="block max-w-52 truncate text-xs text-base-content/60">{user.email}</span>
          </span>
        </button>
      </td>
      <td className="text-right tabular-nums">{formatCount(user.challengeCount)}</td>
      <td className="text-right tabular-nums">{formatCount(user.recordCount)}</td>
      <td>
        <UserBadges user={user} />
      </td>
      <td>
        <UserActionButtons
          user={user}
          selfId={selfId}
          onToggleAdmin={onToggleAdmin}
          onToggleDisabled={onToggleDisabled}
        />
      </td>
    </tr>
  );
}
