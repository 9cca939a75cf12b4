import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Notice } from '../notice';

/** Location state a form leaves behind for the list it returns to ("Blog post created successfully"). */
export interface NoticeHandover {
  notice?: Notice;
}

/**
 * The list's notice, starting with the one a form handed over in the location state. That one is shown
 * once: the state is cleared so a reload does not show it again.
 */
export function useHandedNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<Notice | null>(() => (location.state as NoticeHandover | null)?.notice ?? null);

  useEffect(() => {
    if ((location.state as NoticeHandover | null)?.notice) {
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    }
  }, [location, navigate]);

  return [notice, setNotice] as const;
}
