/** The gate's verdict over the Cases view's run: which budgets file, whether it passes, and each breach. */
import { useCases } from '../../state/casesStore';
import { fmt, plural } from '../format';

export function GateVerdict() {
  const gate = useCases((s) => s.document?.gate ?? null);
  if (!gate) return null;
  const file = gate.shipped ? `the shipped ${gate.file}` : gate.file;
  if ('refused' in gate)
    return (
      <div className="cases-gate" data-testid="cases-gate" data-gate="refused">
        <p className="cases-error">
          <strong>Gate: not judged.</strong> {file} is refused:
        </p>
        <ul>
          {gate.refused.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    );
  return (
    <div className="cases-gate" data-testid="cases-gate" data-gate={gate.passed ? 'passes' : 'breaks'}>
      <p>
        <strong className={gate.passed ? 'cases-gate-pass' : 'cases-gate-fail'}>
          Gate: {gate.passed ? 'passes' : plural(gate.broken.length, 'breach', 'breaches')}
        </strong>{' '}
        {fmt(gate.held)} of {fmt(gate.checks)} budget checks hold under {file}, judged as{' '}
        <code>compaction-playground check</code> judges them.
      </p>
      {gate.broken.length > 0 && (
        <ul data-testid="cases-gate-breaches">
          {gate.broken.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
