/**
 * Every repository operation of one entity ({@link io.kvmapper.internal.operations.EntityOperations}), which
 * generated repositories build keys for and delegate to, and the continuations of paged finders. Internal:
 * may change in any release.
 */
package io.kvmapper.internal.operations;
