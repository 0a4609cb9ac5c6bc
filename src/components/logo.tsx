/** The product's mark: the header's, and the one at the top of the sign-in card. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <circle cx="16" cy="16" r="14" fill="#0058a3" />
      <path d="M9 20l5-10 4 7 2-3 3 6z" fill="#fff" />
    </svg>
  );
}
