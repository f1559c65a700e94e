from django.contrib import admin

from bingo.models import Pattern


@admin.register(Pattern)
class PatternAdmin(admin.ModelAdmin):
    list_display = ["name_en", "name_es", "slug", "is_standard"]
    search_fields = ["name_en", "name_es", "slug"]
