import { useTranslation } from '../../../lib/use-translation.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { serverErrorText } from '../../../lib/server-text.ts';
import { useJoinTontine } from '../api/join-tontine.ts';
import type { Tontine } from '../api/tontine-schema.ts';

/** Join with the screen's answers (spec part 1 §8): 'Success!', or 'Error' with the server's reason or the fallback. */
export function useJoinWithToasts({ signedIn, onSignIn }: { signedIn: boolean; onSignIn: () => void }) {
  const { t, i18n } = useTranslation();
  const join = useJoinTontine();
  const joinTontine = (tontine: Tontine) => {
    if (!signedIn) return onSignIn();
    join.mutate(tontine.id, {
      onSuccess: () => toast({ title: t('tontines.toast.success'), description: t('tontines.toast.joined', { name: tontine.name }) }),
      onError: (error) => {
        const text = error instanceof ApiError ? serverErrorText(i18n, error) : '';
        toast({ variant: 'destructive', title: t('tontines.toast.error'), description: text || t('tontines.toast.joinFailed') });
      },
    });
  };
  return { joinTontine, joiningId: join.isPending ? join.variables : undefined };
}
