/**
 * Support for generated repositories: record key layout, value headers, the JSON and Protobuf codec bases and the
 * one implementation of every repository operation. Public because generated code in users' packages
 * calls it; not meant to be called directly, and may change between versions.
 */
package io.kvmapper.runtime;
