import { listChatMessagesSchema, sendChatMessageSchema } from "../../../shared/schemas/chat";
import { protectedProcedure, router } from "../../trpc/init";
import * as chat from "./service";

export const chatRouter = router({
  list: protectedProcedure.input(listChatMessagesSchema).query(({ ctx, input }) => chat.listMessages(ctx, input)),
  send: protectedProcedure.input(sendChatMessageSchema).mutation(({ ctx, input }) => chat.sendMessage(ctx, input)),
});
