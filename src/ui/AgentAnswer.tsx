/**
 * Beside "Compare all strategies": the loaded file's own agent, one click
 * away, when the page shows another strategy without anybody choosing it. A
 * sample opens under the default, where the keep-recent handle moves the cut;
 * the agent's preset may cut without that budget (Claude Code keeps nothing
 * verbatim), so its answer is a choice, not what a newcomer meets first.
 */
import { useSettings } from '../state/settingsStore';
import { agentOffer } from '../state/strategyFollow';
import { useTranscript } from '../state/transcriptStore';

/** The loaded file's agent while its preset is offered (`agentOffer`), else null. */
export function useAgentOffer() {
  const format = useTranscript((s) => s.view?.format ?? null);
  const origin = useSettings((s) => s.strategyOrigin);
  const strategy = useSettings((s) => s.settings.strategy);
  return agentOffer(format, origin, strategy);
}

export function AgentAnswer() {
  const update = useSettings((s) => s.update);
  const agent = useAgentOffer();
  if (!agent) return null;
  return (
    <button type="button" data-testid="agent-answer" onClick={() => update({ strategy: agent.strategy })}>
      What would {agent.name} do?
    </button>
  );
}
