import { useEffect, useRef, useState } from "react";
import { ChatConnection, type ConnectionStatus, type RoomEvent } from "../lib/chat-connection";

/** Same origin as the page, secure when the page is (docs/product/api.md#connecting). */
function socketUrl(): string {
  return `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}/ws`;
}

type Handlers = {
  onRoomEvent: (event: RoomEvent) => void;
  onJoined: (challengeId: number) => void;
};

/**
 * The chat card's realtime channel (docs/product/api.md#what-the-client-does): a socket exists only
 * while the card is mounted and has a room to join; it follows the selected challenge and
 * reconnects with backoff. Returns the connection state so the card can show it and fall back to
 * polling.
 */
export function useChatSocket(userId: number | null, challengeId: number | null, handlers: Handlers): ConnectionStatus {
  const [status, setStatus] = useState<ConnectionStatus>("connecting");
  const connectionRef = useRef<ChatConnection | null>(null);
  const handlersRef = useRef(handlers);
  const roomRef = useRef(challengeId);
  const hasRoom = challengeId !== null;

  // Declared first so the effects below always see the latest handlers and room.
  useEffect(() => {
    handlersRef.current = handlers;
    roomRef.current = challengeId;
  });

  useEffect(() => {
    if (userId === null || !hasRoom) {
      setStatus("closed");
      return;
    }
    setStatus("connecting");
    const connection = new ChatConnection({
      url: socketUrl(),
      userId,
      onRoomEvent: (event) => handlersRef.current.onRoomEvent(event),
      onJoined: (id) => handlersRef.current.onJoined(id),
      onStatus: setStatus,
    });
    connectionRef.current = connection;
    connection.setRoom(roomRef.current);
    connection.start();
    // Back from a tunnel or a dead zone: no reason to sit out the rest of the backoff.
    const online = () => connection.reconnectNow();
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("online", online);
      connectionRef.current = null;
      connection.stop();
    };
  }, [userId, hasRoom]);

  useEffect(() => {
    connectionRef.current?.setRoom(challengeId);
  }, [challengeId]);

  return status;
}
