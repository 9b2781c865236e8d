import type { TDownloadsChannel } from './downloads-channel';
import type { TEngineUser } from './engine-user';

/** What the parts of one offline engine share: the channel to the other tabs and whose downloads these are. */
export interface TEngineParts {
  channel: TDownloadsChannel;
  user: TEngineUser;
}
