// What other features may use from chat.

/** The dashboard and the challenge detail page place the challenge chat card. */
export { ChatCardSlot } from "./components/chat-card-slot";
