import { Avatar } from '../../components/avatar';
import { useSignedInUser } from '../../lib/auth/auth-context';

/** The signed-in user's picture that opens the user menu; it also holds the place while the menu loads. */
export function UserMenuFace() {
  const user = useSignedInUser();
  return <Avatar src={user.profilePicture} alt="" className="size-9" />;
}
