import type { AnyCommandDefinition } from '../../domain/shared/command.js'

export type Transport = 'graphql' | 'mcp' | 'cli'

/** Every command of the platform, by mutation name; transports serve what it lists for them. */
export class CommandRegistry {
  private readonly byName = new Map<string, AnyCommandDefinition>()

  constructor(definitions: readonly AnyCommandDefinition[]) {
    for (const definition of definitions) {
      if (this.byName.has(definition.name)) throw new Error(`command '${definition.name}' is registered twice`)
      this.byName.set(definition.name, definition)
    }
  }

  get(name: string): AnyCommandDefinition {
    const definition = this.byName.get(name)
    if (!definition) throw new Error(`no command '${name}' in the registry`)
    return definition
  }

  list(transport: Transport): AnyCommandDefinition[] {
    return [...this.byName.values()].filter((d) => d.transports.includes(transport))
  }
}
