/**
 * The annotations that describe stored entities: {@link io.kvmapper.annotation.Entity},
 * {@link io.kvmapper.annotation.Key}, {@link io.kvmapper.annotation.Index},
 * {@link io.kvmapper.annotation.Counter}, {@link io.kvmapper.annotation.Embedded},
 * {@link io.kvmapper.annotation.Version}, {@link io.kvmapper.annotation.Transient} and
 * {@link io.kvmapper.annotation.Field}; and those of query interfaces, {@link io.kvmapper.annotation.Repository}
 * and {@link io.kvmapper.annotation.AllowScan}.
 */
package io.kvmapper.annotation;
