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
export const CheckIcon = (props: IconProps) => <Icon {...props} path="m5 12.5 4.5 4.5L19 7" />;
export const HeartIcon = (props: IconProps) => (
  <Icon
    {...props}
    path="M12 20.5s-7.5-4.6-9.3-9.1C1.5 8.3 3.4 4.5 7 4.5c2.1 0 3.5 1.1 5 3 1.5-1.9 2.9-3 5-3 3.6 0 5.5 3.8 4.3 6.9-1.8 4.5-9.3 9.1-9.3 9.1Z"
  />
);
export const CommentIcon = (props: IconProps) => <Icon {...props} path="M4 5h16v11H9l-5 4V5Z" />;
export const PlayIcon = (props: IconProps) => <Icon {...props} path="M8 5.5v13l10.5-6.5L8 5.5Z" />;
export const BellIcon = (props: IconProps) => (
  <Icon {...props} path="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16Zm4 4a2 2 0 0 0 4 0" />
);
export const BookmarkIcon = (props: IconProps) => (
  <Icon {...props} path="M6.5 3.5h11a1 1 0 0 1 1 1v16l-6.5-4.2-6.5 4.2v-16a1 1 0 0 1 1-1Z" />
);
export const FlagIcon = (props: IconProps) => <Icon {...props} path="M5 21V4m0 0h11l-2 4 2 4H5" />;
/** A page with a folded corner and two lines; filled (`fill-current` or a fill colour) when a note exists. */
export const NoteIcon = (props: IconProps) => (
  <Icon
    {...props}
    path="M7 3.5h7.5L19 8v11.5a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1v-15a1 1 0 0 1 1-1ZM14.5 3.5V8H19M9 12.5h6M9 16h4"
  />
);
export const ShareIcon = (props: IconProps) => (
  <Icon {...props} path="M12 15V3m0 0L8 7m4-4 4 4M6 11H5v10h14V11h-1" />
);
