/**
 * What is wrong with one of the host's inputs, without words: the rule it broke (`code`), where (`at`: the input,
 * an option's path, a provider's id) and, where the sentence quotes it, what it got. The first chunk finds problems
 * (URL rules, the allowlist's entries, the options, each provider's builder); the runtime says them in words
 * (runtime/problems.ts), the `config-invalid` message.
 */
export class Problem {
  constructor(
    readonly code: string,
    readonly at: string,
    readonly got?: unknown,
  ) {}
}
