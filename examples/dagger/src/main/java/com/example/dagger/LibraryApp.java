package com.example.dagger;

import dagger.Component;
import io.kvmapper.KvStore;
import jakarta.inject.Singleton;

public final class LibraryApp {
    @Singleton
    @Component(modules = StoreModule.class)
    interface LibraryComponent {
        Library library();

        KvStore store();
    }

    public static void main(String[] args) {
        LibraryComponent component = DaggerLibraryApp_LibraryComponent.create();
        try (KvStore store = component.store()) {
            Library library = component.library();
            library.shelve("978-0134685991", "Effective Java", "Joshua Bloch");
            library.shelve("978-0321349606", "Java Concurrency in Practice", "Brian Goetz");
            System.out.println("by Bloch: " + library.by("Joshua Bloch"));
        }
    }
}
