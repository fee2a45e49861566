package io.kvmapper.it.layout;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Layout;

/** A versioned note stored one key per attribute, element and map entry; the twin of {@link MonoNote}. */
@Entity(layout = Layout.ATTRIBUTE_PER_KEY)
public class ApkNote extends NoteData {
    public ApkNote() {
    }
}
