import type { NotificationPreferences, NotificationPreferencesChange } from '@pathwise/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchNotificationPreferences, saveNotificationPreferences } from './notifications-api';

const preferencesKey = ['notification-preferences'] as const;

export function useNotificationPreferences() {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: ({ signal }) => fetchNotificationPreferences(signal),
  });
}

/** `change` laid over `preferences`, as the server merges it. */
function applied(preferences: NotificationPreferences, change: NotificationPreferencesChange) {
  const types = { ...preferences.types };
  for (const [type, switches] of Object.entries(change.types ?? {}) as [
    keyof NotificationPreferences['types'],
    Partial<NotificationPreferences['types'][keyof NotificationPreferences['types']]>,
  ][])
    types[type] = { ...types[type], ...switches };
  return {
    types,
    digest: change.digest ?? preferences.digest,
    fromPeopleYouDontFollow: change.fromPeopleYouDontFollow ?? preferences.fromPeopleYouDontFollow,
    quietHours: change.quietHours === undefined ? preferences.quietHours : change.quietHours,
  };
}

/**
 * Saves one change as soon as it is made: shown at once, then the server's answer is kept; after a
 * refusal the preferences are read again, so what shows is what is stored.
 */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPreferences,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: preferencesKey });
      queryClient.setQueryData<NotificationPreferences>(
        preferencesKey,
        (preferences) => preferences && applied(preferences, change),
      );
    },
    onSuccess: (preferences) => queryClient.setQueryData(preferencesKey, preferences),
    onError: () => queryClient.invalidateQueries({ queryKey: preferencesKey }),
  });
}
