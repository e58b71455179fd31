import type { QueryClient } from "@tanstack/react-query";
import type { PublicUser } from "../../../../shared/schemas/auth";
import { currentUserQueryKey } from "../../../lib/session";
import { clearCachedUser, writeCachedUser } from "./cached-user";

/** Makes `user` the signed-in user everywhere (query data and device cache); null signs out locally. */
export function setCurrentUser(queryClient: QueryClient, user: PublicUser | null) {
  if (user) writeCachedUser(user);
  else clearCachedUser();
  // A current-user fetch still in flight (started before the session changed) must not land on
  // top of this answer.
  void queryClient.cancelQueries({ queryKey: currentUserQueryKey() });
  queryClient.setQueryData<PublicUser | null>(currentUserQueryKey(), user);
}
