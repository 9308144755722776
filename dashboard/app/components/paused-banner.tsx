import { useBusiness } from '../business';
import { Banner } from './feedback';

/** The banner every page of a paused workspace shows above its content: read-only, and why. */
export function PausedBanner() {
  const { me } = useBusiness();
  if (!me.paused) return null;
  return (
    <Banner kind="danger" title="This workspace is paused">
      It is read-only until it is unpaused: you can look at everything but change nothing.
      {me.paused_reason && <> Reason: {me.paused_reason}</>}
    </Banner>
  );
}
