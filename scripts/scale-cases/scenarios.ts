/**
 * The six real-scale cases: for each, the project, the agent's file format,
 * the turns, the agent's recorded compaction, and the gold facts with the
 * words that prove them (what they are made of: `scenarioKit.ts`).
 */
import { CLAUDE_SCENARIOS } from './claudeScenarios';
import { OTHER_SCENARIOS } from './otherScenarios';
import { PI_SCENARIOS } from './piScenarios';

export type { Beat, PlantedFact, Scenario } from './scenarioKit';

export const SCENARIOS = [...PI_SCENARIOS, ...CLAUDE_SCENARIOS, ...OTHER_SCENARIOS];
