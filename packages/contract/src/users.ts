import { z } from 'zod';

/** The signed-in user as `GET /api/auth/me` answers it (spec §3 "Current user"). */
export const currentUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  profilePicture: z.string().nullable(),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUser>;
