import { idParams } from '@groupsplit/shared';

/** Both cancel routes: anything but a UUID is an unknown split (404). */
export const SplitIdParams = idParams('id');
