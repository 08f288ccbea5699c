import type { Schemas } from '@impact-calls/api-client';

export type AdminUser = Schemas['AdminUserDto'];
export type AdminUserDetail = Schemas['AdminUserDetailDto'];
export type UserSession = Schemas['SessionDto'];
