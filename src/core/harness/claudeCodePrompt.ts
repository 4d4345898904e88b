/** Claude Code's summary instructions, in its shape and our words: what `cases --prompt preset:claude-code` sends. */
/**
 * Claude Code's summary, in its shape: nine numbered sections, named as
 * Claude Code names them; the wording is ours. Claude Code also asks for an
 * analysis first and strips it from the reply; the core strips nothing, so
 * this arm asks for the summary alone, and the arms differ only in what the
 * summary is asked to hold.
 */
export const CLAUDE_CODE_INITIAL = `The transcript above is an agent's session that is about to be replaced by your summary. Another instance of the agent will continue the work from the summary alone, so it must carry every technical detail that work depends on.

Go through the conversation in order, then write the summary with these sections:

1. Primary Request and Intent: everything the user asked for, in detail.
2. Key Technical Concepts: the technologies, frameworks and ideas the work uses.
3. Files and Code Sections: each file read, changed or created, why it matters, and the code that matters, quoted.
4. Errors and fixes: each error met, how it was fixed, and what the user said about it.
5. Problem Solving: what was solved and what is still being worked out.
6. All user messages: every message the user wrote that is not a tool result, listed.
7. Pending Tasks: what the user asked for that is not done yet.
8. Current Work: exactly what was being done just before this summary, with file names and code.
9. Optional Next Step: the next step, only if it follows directly from the newest request, quoting the conversation where the work stopped.

Copy paths, names, numbers and error text exactly.`;
