/**
 * The schema area of a store: which indexes and counters each entity has and in what state, and
 * their online builds and drops. Public because generated repositories reach it through the runtime;
 * not meant to be called directly.
 */
package io.kvmapper.schema;
