package io.kvmapper.internal.store;

import io.kvmapper.OperationListener;

/** Two operation listeners as one, each called even when the other throws. */
record OperationListeners(OperationListener first, OperationListener second) implements OperationListener {
    @Override
    public void onOperation(String entity, String operation, long nanos, Throwable failure) {
        try {
            first.onOperation(entity, operation, nanos, failure);
        } finally {
            second.onOperation(entity, operation, nanos, failure);
        }
    }

    @Override
    public void onConflict(int attempt, boolean retrying) {
        try {
            first.onConflict(attempt, retrying);
        } finally {
            second.onConflict(attempt, retrying);
        }
    }
}
