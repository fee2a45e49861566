package io.kvmapper;

/**
 * How far a long-running task has come: an online index or counter build, a drop, a verify or repair.
 *
 * @param entity the entity name
 * @param task what is being done, e.g. {@code "building index 'email'"}
 * @param processed how many records (or entries) it has processed so far
 * @param finished whether the task has ended
 * @param outcome when finished, how it ended ({@code "done"}, or what failed); empty before
 */
public record Progress(String entity, String task, long processed, boolean finished, String outcome) {
}
