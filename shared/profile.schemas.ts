/** zod schemas of the profile API that are not in auth.schemas.ts (the avatar upload form). */
import { z } from 'zod';
import { AVATAR_MESSAGES } from './profile';

/** multipart/form-data with one field `avatar` holding the image file; its bytes are checked on the server. */
export const ZAvatarUploadForm = z.object({
  avatar: z.instanceof(File, { message: AVATAR_MESSAGES.missing }),
});
export type TAvatarUploadForm = z.infer<typeof ZAvatarUploadForm>;
