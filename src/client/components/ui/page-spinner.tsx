type PageSpinnerProps = { label?: string; fullScreen?: boolean };

export function PageSpinner({ label = "Loading...", fullScreen = false }: PageSpinnerProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex flex-col items-center justify-center gap-3 text-base-content/70 ${fullScreen ? "min-h-dvh" : "py-24"}`}
    >
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="text-sm">{label}</span>
    </div>
  );
}
