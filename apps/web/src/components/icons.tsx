/** Outline icons (24 px grid); decorative, so the control around them carries the label. */
type IconProps = { className?: string };

function Icon({ className = 'size-5', path }: IconProps & { path: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={path} />
    </svg>
  );
}

export const SearchIcon = (props: IconProps) => (
  <Icon {...props} path="m21 21-4.3-4.3M10.5 18a7.5 7.5 0 1 1 0-15 7.5 7.5 0 0 1 0 15Z" />
);
export const MenuIcon = (props: IconProps) => <Icon {...props} path="M4 6h16M4 12h16M4 18h16" />;
export const CloseIcon = (props: IconProps) => <Icon {...props} path="M6 6l12 12M18 6 6 18" />;
