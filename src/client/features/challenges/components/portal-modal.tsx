import type { ComponentProps } from "react";
import { createPortal } from "react-dom";
import { Modal } from "../../../components/ui/modal";

/**
 * The shell's Modal, drawn at the end of <body>: opened from inside a card, it must not sit in
 * the page's stacking order below the sticky header.
 */
export function PortalModal(props: ComponentProps<typeof Modal>) {
  if (!props.open) return null;
  return createPortal(<Modal {...props} />, document.body);
}
