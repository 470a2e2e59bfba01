import { Button } from '@headlessui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../state/feedback';
import { HEADER_BUTTON } from './header-styles';
import { Icon } from './icons';

const supported = () =>
  typeof document.documentElement.requestFullscreen === 'function' && document.fullscreenEnabled !== false;

/** SPEC.md §2 fullscreen toggle; a browser without the Fullscreen API gets a warning instead (SPEC.md §8). */
export function FullscreenToggle() {
  const { t } = useTranslation();
  const [fullscreen, setFullscreen] = useState(() => Boolean(document.fullscreenElement));

  useEffect(() => {
    const onChange = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggle = () => {
    if (!supported()) return showError(t('layout:fullscreenUnsupported'));
    const change = document.fullscreenElement
      ? document.exitFullscreen()
      : document.documentElement.requestFullscreen();
    void change.catch(() => showError(t('layout:fullscreenUnsupported')));
  };

  return (
    <Button
      type="button"
      onClick={toggle}
      aria-label={t(fullscreen ? 'layout:fullscreen.exit' : 'layout:fullscreen.enter')}
      aria-pressed={fullscreen}
      title={t(fullscreen ? 'layout:fullscreen.exit' : 'layout:fullscreen.enter')}
      className={HEADER_BUTTON}
    >
      <Icon name={fullscreen ? 'fullscreenExit' : 'fullscreen'} className="h-[1.15rem] w-[1.15rem]" />
    </Button>
  );
}
