import { ScreenInProgress } from '../../components/ui/page.tsx';

export default function Screen() {
  return <ScreenInProgress screen="finishLogin" />;
}
