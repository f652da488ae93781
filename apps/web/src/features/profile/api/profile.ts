import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  contactResponseSchema,
  messageResponseSchema,
  photoResponseSchema,
  profileResponseSchema,
  type AddressUpdateInput,
  type ConfirmPasswordInput,
  type DateOfBirthUpdateInput,
  type EmailChangeRequestInput,
  type EmailChangeVerifyInput,
  type FullNameUpdateInput,
  type GenderUpdateInput,
  type PhoneChangeRequestInput,
  type PhoneChangeVerifyInput,
} from '@wise/shared';
import { api } from '../../../lib/api-client';
import { profileKeys } from './keys';

/** GET /api/profile. */
export const getProfile = (signal?: AbortSignal) => api('/api/profile', { schema: profileResponseSchema, signal });
export const profileQuery = () => queryOptions({ queryKey: profileKeys.detail(), queryFn: ({ signal }) => getProfile(signal) });
export const useProfile = () => useQuery(profileQuery());

/** GET /api/profile/contact → the current email. */
export const getContact = (signal?: AbortSignal) => api('/api/profile/contact', { schema: contactResponseSchema, signal });
export const useContact = () => useQuery({ queryKey: profileKeys.contact(), queryFn: ({ signal }) => getContact(signal) });

/** Every profile write refreshes the profile; the screen refreshes other features that show it. */
function useProfileMutation<I>(send: (input: I) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

const write = (path: string, method: 'PUT' | 'POST') => (body: unknown) => api(path, { method, body, schema: messageResponseSchema });

export const useUpdateFullName = () => useProfileMutation<FullNameUpdateInput>(write('/api/profile/full-name', 'PUT'));
export const useUpdateGender = () => useProfileMutation<GenderUpdateInput>(write('/api/profile/gender', 'PUT'));
export const useUpdateAddress = () => useProfileMutation<AddressUpdateInput>(write('/api/profile/address', 'PUT'));
export const useUpdateDateOfBirth = () => useProfileMutation<DateOfBirthUpdateInput>(write('/api/profile/date-of-birth', 'PUT'));

export const useConfirmPassword = () => useMutation({ mutationFn: (input: ConfirmPasswordInput) => write('/api/profile/password/confirm', 'POST')(input) });
export const useRequestPhoneChange = () => useMutation({ mutationFn: (input: PhoneChangeRequestInput) => write('/api/profile/phone', 'POST')(input) });
export const useVerifyPhoneChange = () => useProfileMutation<PhoneChangeVerifyInput>(write('/api/profile/phone/verify', 'POST'));
export const useRequestEmailChange = () => useMutation({ mutationFn: (input: EmailChangeRequestInput) => write('/api/profile/email', 'POST')(input) });
export const useVerifyEmailChange = () => useProfileMutation<EmailChangeVerifyInput>(write('/api/profile/email/verify', 'POST'));

/** POST /api/profile/photo (multipart field "photo"). */
export function useUploadPhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('photo', file);
      return api('/api/profile/photo', { method: 'POST', body: form, schema: photoResponseSchema });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
