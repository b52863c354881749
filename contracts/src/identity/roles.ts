import { z } from 'zod';

export const ROLES = ['customer', 'workshop', 'seller', 'store_admin', 'adviser', 'operator'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const PERMISSION_FLAGS = ['downloadPartsCatalog'] as const;
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];
