/** The first stop of every page: straight past the header and navigation to the content. */
export function SkipLink({ target = "main" }: { target?: string }) {
  return (
    <a
      href={`#${target}`}
      className="btn btn-primary btn-sm absolute left-2 top-2 z-50 -translate-y-[200%] focus:translate-y-0"
    >
      Skip to content
    </a>
  );
}
