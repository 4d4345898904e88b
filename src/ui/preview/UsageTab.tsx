/** The preview's usage tab: the summarizer, the tokens it reported against our estimate, the cost and calibration. */
import { memo } from 'react';
import { estimateCost } from '../../providers/prices';
import { useSettings } from '../../state/settingsStore';
import type { PreviewResult } from '../../worker/protocol';
import { fmt } from '../format';
import { calibration } from './resultFigures';

export const UsageTab = memo(UsageTabComponent);

function UsageTabComponent({ result }: { result: PreviewResult }) {
  const update = useSettings((s) => s.update);
  const scale = useSettings((s) => s.settings.scale);
  const usage = result.usage;
  const cost = usage && result.model && !result.offline ? estimateCost(result.model, usage) : null;
  const { ratio, calibrated } = calibration(usage?.promptTokens, result.estimatedPromptTokens, scale);
  return (
    <dl className="usage" data-testid="preview-usage">
      <dt>Summarizer</dt>
      <dd>
        {result.summarizer}
        {result.model && result.model !== result.summarizer ? ` (answered as ${result.model})` : ''}
      </dd>
      <dt>Prompt tokens</dt>
      <dd>
        {usage
          ? `${fmt(usage.promptTokens)} reported by the ${result.offline ? 'offline summarizer (characters / 4)' : 'provider'}`
          : 'not reported'}{' '}
        · {fmt(result.estimatedPromptTokens)} by our estimate
      </dd>
      <dt>Completion tokens</dt>
      <dd>{usage ? fmt(usage.completionTokens) : 'not reported'}</dd>
      {cost && (
        <>
          <dt>Cost</dt>
          <dd>
            ≈ ${cost.totalUsd.toFixed(4)} ({fmt(usage!.promptTokens)} in at ${cost.price.input}/M,{' '}
            {fmt(usage!.completionTokens)} out at ${cost.price.output}/M)
          </dd>
        </>
      )}
      {calibrated !== null && !result.offline && (
        <>
          <dt>Calibration</dt>
          <dd>
            The provider counted {ratio!.toFixed(2)}× our estimate.{' '}
            <button
              type="button"
              onClick={() => update({ scale: calibrated })}
              disabled={calibrated === scale}
            >
              Calibrate scale from this call ({calibrated})
            </button>
          </dd>
        </>
      )}
    </dl>
  );
}
