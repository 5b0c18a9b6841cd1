# Compiled from ui/new_campaign_dialog.ui by ui/build.py; do not edit.
from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractButton, QApplication, QComboBox, QDialog,
    QDialogButtonBox, QFormLayout, QLabel, QLineEdit,
    QSizePolicy, QSpacerItem, QVBoxLayout, QWidget)

class Ui_NewCampaignDialog(object):
    def setupUi(self, NewCampaignDialog):
        if not NewCampaignDialog.objectName():
            NewCampaignDialog.setObjectName(u"NewCampaignDialog")
        NewCampaignDialog.resize(420, 200)
        self.mainLayout = QVBoxLayout(NewCampaignDialog)
        self.mainLayout.setObjectName(u"mainLayout")
        self.form = QFormLayout()
        self.form.setObjectName(u"form")
        self.nameCaption = QLabel(NewCampaignDialog)
        self.nameCaption.setObjectName(u"nameCaption")

        self.form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.nameCaption)

        self.nameEdit = QLineEdit(NewCampaignDialog)
        self.nameEdit.setObjectName(u"nameEdit")
        self.nameEdit.setMaxLength(200)

        self.form.setWidget(0, QFormLayout.ItemRole.FieldRole, self.nameEdit)

        self.systemCaption = QLabel(NewCampaignDialog)
        self.systemCaption.setObjectName(u"systemCaption")

        self.form.setWidget(1, QFormLayout.ItemRole.LabelRole, self.systemCaption)

        self.systemCombo = QComboBox(NewCampaignDialog)
        self.systemCombo.setObjectName(u"systemCombo")

        self.form.setWidget(1, QFormLayout.ItemRole.FieldRole, self.systemCombo)


        self.mainLayout.addLayout(self.form)

        self.messageLabel = QLabel(NewCampaignDialog)
        self.messageLabel.setObjectName(u"messageLabel")
        self.messageLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.messageLabel.setWordWrap(True)

        self.mainLayout.addWidget(self.messageLabel)

        self.spacer = QSpacerItem(0, 0, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Expanding)

        self.mainLayout.addItem(self.spacer)

        self.buttonBox = QDialogButtonBox(NewCampaignDialog)
        self.buttonBox.setObjectName(u"buttonBox")
        self.buttonBox.setStandardButtons(QDialogButtonBox.Cancel|QDialogButtonBox.Ok)

        self.mainLayout.addWidget(self.buttonBox)

#if QT_CONFIG(shortcut)
        self.nameCaption.setBuddy(self.nameEdit)
        self.systemCaption.setBuddy(self.systemCombo)
#endif // QT_CONFIG(shortcut)

        self.retranslateUi(NewCampaignDialog)
        self.buttonBox.accepted.connect(NewCampaignDialog.accept)
        self.buttonBox.rejected.connect(NewCampaignDialog.reject)

        QMetaObject.connectSlotsByName(NewCampaignDialog)
    # setupUi

    def retranslateUi(self, NewCampaignDialog):
        NewCampaignDialog.setWindowTitle(QCoreApplication.translate("NewCampaignDialog", u"New campaign", None))
        self.nameCaption.setText(QCoreApplication.translate("NewCampaignDialog", u"&Name:", None))
        self.nameEdit.setPlaceholderText(QCoreApplication.translate("NewCampaignDialog", u"The hagr in the Great Wood", None))
#if QT_CONFIG(accessibility)
        self.nameEdit.setAccessibleName(QCoreApplication.translate("NewCampaignDialog", u"Campaign name", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.nameEdit.setToolTip(QCoreApplication.translate("NewCampaignDialog", u"A name no other campaign has", None))
#endif // QT_CONFIG(tooltip)
        self.systemCaption.setText(QCoreApplication.translate("NewCampaignDialog", u"&Game:", None))
#if QT_CONFIG(accessibility)
        self.systemCombo.setAccessibleName(QCoreApplication.translate("NewCampaignDialog", u"Game system", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.systemCombo.setToolTip(QCoreApplication.translate("NewCampaignDialog", u"The rules the campaign is played under; it cannot change later", None))
#endif // QT_CONFIG(tooltip)
        self.messageLabel.setText("")
#if QT_CONFIG(accessibility)
        self.messageLabel.setAccessibleName(QCoreApplication.translate("NewCampaignDialog", u"Problem with the input", None))
#endif // QT_CONFIG(accessibility)
    # retranslateUi

