import { z } from 'zod';
import { email, epochMs, idParam, pageOf, pageQuery, password } from './common.ts';
import { credentialView } from './credentials.ts';

export const accountStatuses = ['active', 'suspended'] as const;
export type AccountStatus = (typeof accountStatuses)[number];

/** Display roles a main account assigns; permissions come from mainAccountId and pair bindings. */
export const accountRoles = ['trader', 'operator', 'analyst', 'viewer'] as const;
export type AccountRole = (typeof accountRoles)[number];

export const adminUser = z.object({
  id: z.number().int(),
  account: z.string(),
  role: z.string(),
  employeeName: z.string(),
  mainAccountId: z.number().int(),
  status: z.enum(accountStatuses),
  createdAt: epochMs,
  lastLoginAt: epochMs.nullable(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const userInfo = z.object({
  admin: adminUser,
  /** The caller's exchange keys, masked. */
  apiKey: z.array(credentialView),
});
export type UserInfo = z.infer<typeof userInfo>;

export const loginRequest = z.object({
  username: z.string().trim().min(1, { message: 'Username can not be empty!' }).max(254),
  password: z.string().min(1, { message: 'The password must be at least 8 digits and at most 16 digits!' }).max(128),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = z.object({
  token: z.string(),
  expiresAt: epochMs,
  userInfo,
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const addUserRequest = z.object({
  account: email,
  role: z.enum(accountRoles),
  employeeName: z.string().trim().min(1).max(64),
  password,
});
export type AddUserRequest = z.infer<typeof addUserRequest>;

/** PUT /admin/update: without `id` the caller changes its own password; with `id` a main account edits that account. */
export const changeOwnPasswordRequest = z
  .object({
    oldPassword: z.string().min(1).max(128),
    password,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'The two password entries are inconsistent!',
    path: ['confirmPassword'],
  });
export const editUserRequest = z.object({
  id: idParam,
  role: z.enum(accountRoles).optional(),
  employeeName: z.string().trim().min(1).max(64).optional(),
  status: z.enum(accountStatuses).optional(),
  password: password.optional(),
});
export const updateUserRequest = z.union([editUserRequest, changeOwnPasswordRequest]);
export type ChangeOwnPasswordRequest = z.infer<typeof changeOwnPasswordRequest>;
export type EditUserRequest = z.infer<typeof editUserRequest>;
export type UpdateUserRequest = z.infer<typeof updateUserRequest>;

/** PUT /admin/updatePassword: the forgot-password flow in three steps. */
export const sendCodeRequest = z.object({ action: z.literal('sendCode'), email });
export const verifyCodeRequest = z.object({
  action: z.literal('verifyCode'),
  email,
  code: z.string().trim().regex(/^\d{6}$/, { message: 'The verification code must be 6 digits' }),
});
export const resetPasswordRequest = z
  .object({
    action: z.literal('reset'),
    email,
    code: z.string().trim().regex(/^\d{6}$/, { message: 'The verification code must be 6 digits' }),
    password,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'The two password entries are inconsistent!',
    path: ['confirmPassword'],
  });
export const updatePasswordRequest = z.discriminatedUnion('action', [sendCodeRequest, verifyCodeRequest, resetPasswordRequest]);
export type UpdatePasswordRequest = z.infer<typeof updatePasswordRequest>;
/**
 * `delivery`: `email` when the server has a mail server; `serverLog` when it has none and the code
 * only reaches its log, so the reset screen tells the user to ask the administrator.
 */
export const sendCodeResponse = z.object({
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
  delivery: z.enum(['email', 'serverLog']),
});

export const adminListQuery = pageQuery.extend({
  account: z.string().trim().max(254).optional(),
  status: z.enum(accountStatuses).optional(),
});
export const adminListResponse = pageOf(adminUser);

export const loginLog = z.object({
  id: z.number().int(),
  adminId: z.number().int(),
  account: z.string(),
  loginTime: epochMs,
  loginIp: z.string(),
  logoutTime: epochMs.nullable(),
  userAgent: z.string().nullable(),
});
export type LoginLog = z.infer<typeof loginLog>;
export const loginLogListQuery = pageQuery.extend({
  adminId: idParam.optional(),
  account: z.string().trim().max(254).optional(),
});
export const loginLogListResponse = pageOf(loginLog);

export const adminIdParams = z.object({ id: idParam });
