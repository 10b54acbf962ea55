import type { DomainEvent } from '../../shared/event.js'

/*
 * Password hashes and reset tokens never enter an event (events are forever): they live in the
 * mutable `user_passwords` and `password_reset_tokens` tables. Events record that they changed.
 */

export type UserSignedUp = DomainEvent<'UserSignedUp', { userId: string; email: string }>
export type UserPasswordChanged = DomainEvent<'UserPasswordChanged', { userId: string }>
export type UserPasswordResetRequested = DomainEvent<'UserPasswordResetRequested', { userId: string }>
export type UserPasswordResetCompleted = DomainEvent<'UserPasswordResetCompleted', { userId: string }>

export type UserEvent = UserSignedUp | UserPasswordChanged | UserPasswordResetRequested | UserPasswordResetCompleted
