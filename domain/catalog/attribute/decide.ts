import { badInput, conflict, notFound } from '../../shared/errors.js'
import type { AttributeState } from './attribute.js'
import { OPTIONS_MAX_COUNT, type AttributeCommand, type AttributeUpdate, type AttributeUsage } from './commands.js'
import {
  SELECT_TYPES,
  VALIDATION_FIELDS,
  validationFor,
  type AttributeEvent,
  type AttributeFields,
  type AttributeOption,
  type AttributeType,
  type AttributeValidation,
  type ValidationField,
} from './events.js'

/** Pure: the answer depends on the command (with the usage facts `prepare` gathered) and the attribute's history. */
export function decideAttribute(command: AttributeCommand, state: AttributeState): AttributeEvent[] {
  switch (command.type) {
    case 'AttributeCreate': {
      if (state.kind !== 'empty')
        throw conflict(`attribute '${command.data.attributeId}' already exists; use attributeUpdate to change it`)
      const { data } = command
      checkOptions(data.type, data.options, ['input', 'options'])
      checkValidation(data.type, data.validation, ['input', 'validation'])
      return [
        {
          type: 'AttributeCreated',
          data: { ...data, options: data.options.map((o) => ({ ...o })), validation: { ...data.validation } },
        },
      ]
    }
    case 'AttributeUpdate':
      return update(command, live(state, command.data.attributeId))
    case 'AttributeDelete': {
      const attribute = live(state, command.data.attributeId)
      if (command.usage.values > 0 && !command.data.force) {
        throw badInput(
          ['input', 'force'],
          `attribute '${attribute.code}' has values on ${command.usage.values} product(s); remove them with productAttributesRemove first, or pass force: true to delete it and discard those values`,
        )
      }
      return [
        {
          type: 'AttributeDeleted',
          data: { attributeId: attribute.attributeId, code: attribute.code, valuesDropped: command.usage.values },
        },
      ]
    }
    case 'AttributeOptionAdd': {
      const attribute = liveSelect(state, command.data.attributeId, ['input', 'code'])
      const { option } = command.data
      const existing = attribute.options.find((o) => o.code === option.code)
      if (existing) {
        if (existing.label === option.label) return []
        throw conflict(
          `attribute '${attribute.code}' already has an option '${option.code}'; use attributeOptionUpdate to relabel it`,
          ['input', 'code'],
        )
      }
      if (attribute.options.length >= OPTIONS_MAX_COUNT)
        throw badInput(['input', 'code'], `an attribute may have at most ${OPTIONS_MAX_COUNT} options`)
      const position = Math.min(command.data.position ?? attribute.options.length, attribute.options.length)
      return [
        { type: 'AttributeOptionAdded', data: { attributeId: attribute.attributeId, option: { ...option }, position } },
      ]
    }
    case 'AttributeOptionUpdate': {
      const attribute = liveSelect(state, command.data.attributeId, ['input', 'code'])
      const existing = requireOption(attribute, command.data.code, ['input', 'code'])
      if (existing.label === command.data.label) return []
      return [
        {
          type: 'AttributeOptionRelabeled',
          data: { attributeId: attribute.attributeId, code: existing.code, label: command.data.label },
        },
      ]
    }
    case 'AttributeOptionRemove': {
      const attribute = liveSelect(state, command.data.attributeId, ['input', 'code'])
      if (!attribute.options.some((o) => o.code === command.data.code)) return []
      refuseOptionInUse(attribute, command.data.code, command.usage, ['input', 'code'])
      return [{ type: 'AttributeOptionRemoved', data: { attributeId: attribute.attributeId, code: command.data.code } }]
    }
    case 'AttributeOptionReorder': {
      const attribute = liveSelect(state, command.data.attributeId, ['input', 'codes'])
      const { codes } = command.data
      codes.forEach((code, index) => {
        requireOption(attribute, code, ['input', 'codes', index])
        if (codes.indexOf(code) !== index)
          throw badInput(['input', 'codes', index], `option '${code}' is listed twice; list each option once`)
      })
      const current = attribute.options.map((o) => o.code)
      const order = [...codes, ...current.filter((code) => !codes.includes(code))]
      return sameList(order, current)
        ? []
        : [{ type: 'AttributeOptionsReordered', data: { attributeId: attribute.attributeId, codes: order } }]
    }
    case 'AttributeRevert': {
      if (state.kind !== 'existing') throw notFound('attribute', command.data.attributeId)
      const { toRevision, target } = command.data
      if (target === null || toRevision > state.revision) {
        throw badInput(
          ['input', 'toRevision'],
          `attribute '${state.attribute.code}' has revisions 0 to ${state.revision}; pick one of them from its history`,
        )
      }
      const events = changesTo(state.attribute, target, command.usage, ['input', 'toRevision'])
      return events.length
        ? [{ type: 'AttributeReverted', data: { attributeId: target.attributeId, toRevision } }, ...events]
        : []
    }
    default: {
      const _exhaustive: never = command
      return _exhaustive
    }
  }
}

/** Only the fields that really change become events. */
function update(command: AttributeUpdate, attribute: AttributeFields): AttributeEvent[] {
  const { data } = command
  const type = data.type ?? attribute.type
  const validation = data.validation ?? validationFor(type, attribute.validation)
  const options = SELECT_TYPES.includes(type) ? attribute.options : []
  const target: AttributeFields = {
    ...attribute,
    name: data.name ?? attribute.name,
    type,
    required: data.required ?? attribute.required,
    filterable: data.filterable ?? attribute.filterable,
    visible: data.visible ?? attribute.visible,
    validation,
    options,
  }
  if (data.validation) checkValidation(type, data.validation, ['input', 'validation'])
  return changesTo(attribute, target, command.usage, ['input', 'type'])
}

/**
 * The events that turn `current` into `target`: what an update and a revert both record. A type
 * change or an option removal is refused while products hold the values it would invalidate.
 */
function changesTo(
  current: AttributeFields,
  target: AttributeFields,
  usage: AttributeUsage,
  field: readonly (string | number)[],
): AttributeEvent[] {
  const attributeId = current.attributeId
  const events: AttributeEvent[] = []
  if (target.name !== current.name) events.push({ type: 'AttributeRenamed', data: { attributeId, name: target.name } })
  if (target.type !== current.type) {
    if (usage.values > 0) {
      throw badInput(
        field,
        `attribute '${current.code}' cannot change type from ${current.type} to ${target.type}: ${usage.values} product(s) hold values of it; ` +
          'remove those values with productAttributesRemove first, or create a new attribute with the new type',
      )
    }
    events.push({
      type: 'AttributeTypeChanged',
      data: {
        attributeId,
        from: current.type,
        to: target.type,
        validation: { ...target.validation },
        options: target.options.map((o) => ({ ...o })),
      },
    })
  } else {
    if (!sameValidation(current.validation, target.validation))
      events.push({ type: 'AttributeValidationChanged', data: { attributeId, validation: { ...target.validation } } })
    events.push(...optionChanges(current, target.options, usage, field))
  }
  if (
    target.required !== current.required ||
    target.filterable !== current.filterable ||
    target.visible !== current.visible
  ) {
    events.push({
      type: 'AttributeFlagsChanged',
      data: { attributeId, required: target.required, filterable: target.filterable, visible: target.visible },
    })
  }
  return events
}

function optionChanges(
  current: AttributeFields,
  target: readonly AttributeOption[],
  usage: AttributeUsage,
  field: readonly (string | number)[],
): AttributeEvent[] {
  const attributeId = current.attributeId
  const events: AttributeEvent[] = []
  let list = current.options.map((o) => o.code)
  for (const option of current.options) {
    const wanted = target.find((o) => o.code === option.code)
    if (!wanted) {
      refuseOptionInUse(current, option.code, usage, field)
      events.push({ type: 'AttributeOptionRemoved', data: { attributeId, code: option.code } })
      list = list.filter((code) => code !== option.code)
    } else if (wanted.label !== option.label) {
      events.push({ type: 'AttributeOptionRelabeled', data: { attributeId, code: option.code, label: wanted.label } })
    }
  }
  target.forEach((option, index) => {
    if (list.includes(option.code)) return
    const position = Math.min(index, list.length)
    events.push({ type: 'AttributeOptionAdded', data: { attributeId, option: { ...option }, position } })
    list.splice(position, 0, option.code)
  })
  const order = target.map((o) => o.code)
  if (!sameList(list, order)) events.push({ type: 'AttributeOptionsReordered', data: { attributeId, codes: order } })
  return events
}

function refuseOptionInUse(
  attribute: AttributeFields,
  code: string,
  usage: AttributeUsage,
  field: readonly (string | number)[],
): void {
  const holders = usage.byOption[code] ?? 0
  if (holders > 0) {
    throw badInput(
      field,
      `option '${code}' of attribute '${attribute.code}' is the value of ${holders} product(s); change or remove those values first, or relabel the option instead`,
    )
  }
}

function checkOptions(
  type: AttributeType,
  options: readonly AttributeOption[],
  field: readonly (string | number)[],
): void {
  if (!SELECT_TYPES.includes(type) && options.length > 0)
    throw badInput(field, `only SELECT and MULTISELECT attributes have options; a ${type} attribute takes none`)
  options.forEach((option, index) => {
    if (options.findIndex((o) => o.code === option.code) !== index)
      throw badInput([...field, index, 'code'], `option code '${option.code}' is given twice; codes must be unique`)
  })
}

/** The validation fits the type: only fields the type takes, ranges the right way round, a pattern that compiles. */
export function checkValidation(
  type: AttributeType,
  validation: AttributeValidation,
  field: readonly (string | number)[],
): void {
  const allowed = VALIDATION_FIELDS[type]
  for (const [name, value] of Object.entries(validation) as [ValidationField, unknown][]) {
    if (value !== null && !allowed.includes(name)) {
      const takes = allowed.length ? `it takes ${allowed.join(', ')}` : 'it takes no validation'
      throw badInput([...field, name], `${name} does not apply to a ${type} attribute; ${takes}`)
    }
  }
  const ordered: [ValidationField, ValidationField][] = [
    ['minLength', 'maxLength'],
    ['min', 'max'],
    ['minDate', 'maxDate'],
    ['minSelections', 'maxSelections'],
  ]
  for (const [low, high] of ordered) {
    const [a, b] = [validation[low], validation[high]]
    if (a !== null && b !== null && a > b) throw badInput([...field, low], `${low} must not be greater than ${high}`)
  }
  if (validation.pattern !== null) {
    try {
      new RegExp(validation.pattern, 'u')
    } catch {
      throw badInput([...field, 'pattern'], `pattern '${validation.pattern}' is not a valid regular expression`)
    }
  }
}

/** The live attribute, which must be a SELECT or MULTISELECT: only those have options. */
function liveSelect(state: AttributeState, attributeId: string, field: readonly (string | number)[]): AttributeFields {
  const attribute = live(state, attributeId)
  if (!SELECT_TYPES.includes(attribute.type))
    throw badInput(
      field,
      `attribute '${attribute.code}' is ${attribute.type}; only SELECT and MULTISELECT attributes have options`,
    )
  return attribute
}

function requireOption(attribute: AttributeFields, code: string, field: readonly (string | number)[]): AttributeOption {
  const option = attribute.options.find((o) => o.code === code)
  if (!option) {
    const known = attribute.options.map((o) => o.code).join(', ') || 'none yet'
    throw badInput(field, `attribute '${attribute.code}' has no option '${code}'; its options are ${known}`)
  }
  return option
}

function sameValidation(a: AttributeValidation, b: AttributeValidation): boolean {
  return (Object.keys(a) as ValidationField[]).every((key) => a[key] === b[key])
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index])
}

/** Another store's attribute lives in a stream named after that store: here it is simply not found. */
function live(state: AttributeState, attributeId: string): AttributeFields {
  if (state.kind !== 'existing') throw notFound('attribute', attributeId)
  return state.attribute
}
