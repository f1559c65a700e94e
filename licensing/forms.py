from django import forms
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm
from django.utils.translation import gettext_lazy as _


class EmailAuthenticationForm(AuthenticationForm):
    """Django's login form, labelled for an email address (the user model's login field)."""

    username = forms.EmailField(
        label=_("Email address"), widget=forms.EmailInput(attrs={"autofocus": True, "autocomplete": "email"})
    )


class QueuedPasswordResetForm(PasswordResetForm):
    """Django's reset form, sending its email through Celery so the page answers at once."""

    def send_mail(self, subject_template_name, email_template_name, context, from_email, to_email,
                  html_email_template_name=None):
        from django.template import loader

        from licensing.tasks import email_send

        subject = "".join(loader.render_to_string(subject_template_name, context).splitlines())
        body = loader.render_to_string(email_template_name, context)
        html_body = loader.render_to_string(html_email_template_name, context) if html_email_template_name else None
        email_send.delay(subject=subject, body=body, to=[to_email], html_body=html_body)
