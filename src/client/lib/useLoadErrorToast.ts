import { useEffect } from 'react';
import toast from 'react-hot-toast';

/** One error toast when a list fails to load (spec 000 §8), besides the table's own error state. */
export function useLoadErrorToast(isError: boolean, message: string) {
  useEffect(() => {
    if (isError) toast.error(message, { id: message });
  }, [isError, message]);
}
