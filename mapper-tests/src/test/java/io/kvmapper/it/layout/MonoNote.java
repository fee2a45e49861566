package io.kvmapper.it.layout;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Layout;

/** A versioned note stored as one value; the twin of {@link ApkNote}. */
@Entity(layout = Layout.MONOLITHIC)
public class MonoNote extends NoteData {
    public MonoNote() {
    }
}
