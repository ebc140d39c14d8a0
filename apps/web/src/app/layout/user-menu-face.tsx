import { Avatar } from '../../components/avatar';
import { useSignedInUser } from '../../lib/auth/auth-context';

/** The signed-in user's picture on the button that opens the user menu. */
export function UserMenuFace() {
  const user = useSignedInUser();
  return <Avatar src={user.profilePicture} alt="" className="size-9" />;
}
