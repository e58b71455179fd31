import { useSyncExternalStore } from "react";

// A tiny toast store (SPEC §4, §9): toasts are added, updated, dismissed and removed; only one is
// visible at a time, and a dismissed toast lingers (closed) before removal so an exit animation
// or a late update never hits a missing entry.
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DEFAULT_DURATION_MS = 5000;

export type ToastVariant = "default" | "destructive";

export type Toast = {
  id: string;
  title?: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
  open: boolean;
};

export type ToastInput = {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
};

type Action =
  | { type: "ADD_TOAST"; toast: Toast }
  | { type: "UPDATE_TOAST"; toast: Partial<Toast> & { id: string } }
  | { type: "DISMISS_TOAST"; toastId?: string }
  | { type: "REMOVE_TOAST"; toastId?: string };

export function toastReducer(state: Toast[], action: Action): Toast[] {
  switch (action.type) {
    case "ADD_TOAST":
      return [action.toast, ...state].slice(0, TOAST_LIMIT);
    case "UPDATE_TOAST":
      return state.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t));
    case "DISMISS_TOAST":
      return state.map((t) => (action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t));
    case "REMOVE_TOAST":
      return action.toastId === undefined ? [] : state.filter((t) => t.id !== action.toastId);
  }
}

let state: Toast[] = [];
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
const dismissTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function dispatch(action: Action) {
  state = toastReducer(state, action);
  if (action.type === "DISMISS_TOAST") {
    for (const t of state) if (!t.open) scheduleRemoval(t.id);
  }
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      dispatch({ type: "REMOVE_TOAST", toastId: id });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

function scheduleDismissal(id: string, duration: number) {
  clearTimeout(dismissTimers.get(id));
  if (!Number.isFinite(duration) || duration <= 0) return;
  dismissTimers.set(
    id,
    setTimeout(() => {
      dismissTimers.delete(id);
      dismissToast(id);
    }, duration),
  );
}

export function dismissToast(toastId?: string) {
  if (toastId === undefined) {
    for (const timer of dismissTimers.values()) clearTimeout(timer);
    dismissTimers.clear();
  } else {
    clearTimeout(dismissTimers.get(toastId));
    dismissTimers.delete(toastId);
  }
  dispatch({ type: "DISMISS_TOAST", toastId });
}

export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const duration = input.duration ?? TOAST_DEFAULT_DURATION_MS;
  dispatch({
    type: "ADD_TOAST",
    toast: {
      id,
      title: input.title,
      description: input.description,
      variant: input.variant ?? "default",
      duration,
      open: true,
    },
  });
  scheduleDismissal(id, duration);
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next: ToastInput) => {
      dispatch({ type: "UPDATE_TOAST", toast: { ...next, id } });
      if (next.duration !== undefined) scheduleDismissal(id, next.duration);
    },
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot() {
  return state;
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
