/**
 * Value codecs: the value header, the bases of the generated JSON and Protobuf codecs, the attribute-per-key
 * codec's readers and writers, and the copies and element-wise changes of collections that generated code
 * makes. Internal: may change in any release.
 */
package io.kvmapper.internal.codec;
