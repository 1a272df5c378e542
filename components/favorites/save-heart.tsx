import dynamic from 'next/dynamic';
import { isKind } from '@/lib/kinds';
import { selectUser } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import { useSession } from '@/store/session';
import type { TSaveHeartProps } from './save-heart-button';

// The button and the cache it calls load only for someone who may save: a page's first load stays
// as it was for everyone else (docs/performance.md "How pages paint early").
const SaveHeartButton = dynamic(() => import('./save-heart-button'), { ssr: false });

/**
 * The heart of a posting (shown to a signed-in talent) or of a talent (shown to a signed-in
 * business account): ./save-heart-button.tsx.
 */
export function SaveHeart(props: TSaveHeartProps) {
  const { rehydrated } = useSession();
  const user = useAppSelector(selectUser);
  if (!rehydrated || !user || user.is_talent !== isKind(props.kind)) return null;
  return <SaveHeartButton {...props} />;
}
